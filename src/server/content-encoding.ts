/**
 * Compressed request bodies: `Content-Encoding: gzip`, `deflate` or `br` is
 * decompressed (node:zlib) before the JSON is read, and the route's body limit
 * applies to the decompressed bytes (fastify counts what this stream yields:
 * 413, however small the compressed body). A body that is not what its
 * Content-Encoding says is a 400; any other encoding (or several) is a 415.
 * `identity` and no header are read as they are.
 */
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { AddrError } from '../core/model/errors.js';

const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

type Payload = RequestPayload;

/** A preParsing hook (callback style) that decompresses the body by its Content-Encoding. */
export function decodeContentEncoding(request: FastifyRequest, _reply: FastifyReply, payload: Payload, done: (err: Error | null, payload?: Payload) => void): void {
  const header = request.headers['content-encoding'];
  const encoding = typeof header === 'string' ? header.trim().toLowerCase() : '';
  if (encoding === '' || encoding === 'identity') {
    done(null, payload);
    return;
  }
  const decoder = DECODERS[encoding];
  if (decoder === undefined) {
    done(new AddrError('ADDR_ERR_HTTP_ENCODING', [encoding.slice(0, 40)]));
    return;
  }
  const decoded = decoder() as Transform & Payload;
  decoded.receivedEncodedLength = 0; // for fastify's Content-Length check, which is of the encoded bytes
  payload.on('data', (chunk: Buffer) => {
    decoded.receivedEncodedLength = (decoded.receivedEncodedLength ?? 0) + chunk.length;
  });
  payload.on('error', (err: Error) => decoded.destroy(err));
  decoded.on('error', (err: Error & { statusCode?: number }) => {
    if (err instanceof AddrError) return;
    // zlib's own message ("incorrect header check") said what the body is not.
    err.message = `The body is not valid ${encoding} data as its Content-Encoding says (${err.message}): send it compressed with ${encoding}, or without Content-Encoding.`;
    err.statusCode = 400;
  });
  payload.pipe(decoded);
  done(null, decoded);
}
