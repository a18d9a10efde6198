/**
 * The validation results' JSON, written by serializers compiled from their
 * schemas (fast-json-stringify, fastify's own serializer compiler): ~1 us a
 * result instead of ~3 us for JSON.stringify. A route picks one per request
 * (the contract is the request's), so fastify's per-route response schema
 * cannot: a oneOf of both would be checked against each at every answer.
 * Compiled at the first answer of each contract, not at start-up.
 */
import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { Contract } from './contract.js';
import { ValidationResultA, ValidationResultB } from './schemas.js';

type Serializer = (value: unknown) => string;

const compiled: Partial<Record<Contract, Serializer>> = {};

/** The serializer of a contract's validation result. */
export function resultSerializer(contract: Contract): Serializer {
  let serialize = compiled[contract];
  if (serialize === undefined) {
    serialize = fastJson(contract === 'a' ? ValidationResultA : ValidationResultB) as Serializer;
    compiled[contract] = serialize;
  }
  return serialize;
}

/** Makes `reply` write its (successful) body with the contract's result serializer. */
export function serializeResultAs(reply: FastifyReply, contract: Contract): void {
  // fastify sets no Content-Type for a body its reply serializer writes: said here.
  reply.type('application/json; charset=utf-8').serializer(resultSerializer(contract));
}
