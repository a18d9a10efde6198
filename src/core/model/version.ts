/** The engine version reported in every result; a test keeps it equal to package.json's version. */
export const ENGINE_VERSION = '0.1.0';
