/**
 * The commands the CLI's bundle holds (scripts/bundles.ts bundles their modules, named after
 * them); bin/addr.ts runs the bundle for these only. Every other command loads the tsc build's
 * modules: through the bundle it would load them besides the bundle's own copy of the core.
 */
export const BUNDLED_COMMANDS: readonly string[] = ['validate', 'normalize', 'geocode'];
