/**
 * The body of POST /v1/spreadsheets written to the job's directory as it
 * arrives (never held in memory), up to the size limit: the file itself
 * (Content-Type text/csv, text/tab-separated-values or the XLSX media type)
 * or the `file` part of a multipart/form-data body, whose other fields
 * (before the file) carry the options. The format comes from the media type,
 * else the file name's extension, else the first bytes (as `addr batch`
 * sniffs them).
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { BatchFormat } from '../../batch/batch-files.js';
import { formatOfPath, readHead, sniffFormat } from '../../batch/batch-files.js';
import { AddrError } from '../../core/model/errors.js';

/** The XLSX media type. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The media types of a spreadsheet body, by format. */
export const SPREADSHEET_MEDIA_TYPES: Readonly<Record<string, BatchFormat>> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  [XLSX_MEDIA_TYPE]: 'xlsx',
};

/** A stored upload. */
export interface Upload {
  path: string; // input.<format> in the job's directory
  format: BatchFormat;
  fileName: string;
  fields: Record<string, string>; // multipart fields before the file
}

const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

function tooLarge(limit: number): AddrError {
  return new AddrError('ADDR_ERR_HTTP_BODY_TOO_LARGE', [String(limit)]);
}

/** Copies `source` to `path`, refusing more than `limit` bytes. */
async function store(source: NodeJS.ReadableStream, path: string, limit: number): Promise<void> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(bytes > limit ? tooLarge(limit) : null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(path));
  } catch (err) {
    rmSync(path, { force: true });
    throw err;
  }
}

function formatOf(type: string, fileName: string, path: string): BatchFormat {
  return SPREADSHEET_MEDIA_TYPES[type] ?? formatOfPath(fileName) ?? sniffFormat(readHead(path, 4096));
}

/** Receives the spreadsheet of a request into `dir`; throws 415, 413 or 400 (no file). */
export async function receiveSpreadsheet(request: FastifyRequest, dir: string, limit: number, name: string | undefined): Promise<Upload> {
  const type = mediaType(request.headers['content-type']);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const raw = join(dir, 'upload');
  let fileName = name ?? '';
  let fields: Record<string, string> = {};
  let partType = type;
  if (type === 'multipart/form-data') {
    const part = await request.file({ limits: { fileSize: limit, files: 1, fields: 20, fieldSize: 4096 } });
    if (part === undefined) throw new AddrError('ADDR_ERR_BATCH_INPUT', ['The multipart body has no file: send the spreadsheet as the part named file.']);
    fields = Object.fromEntries(Object.values(part.fields).flatMap((f) => (f !== undefined && !Array.isArray(f) && f.type === 'field' ? [[f.fieldname, String(f.value)]] : [])));
    fileName = part.filename || fileName;
    partType = mediaType(part.mimetype);
    await store(part.file, raw, limit);
    if (part.file.truncated) {
      rmSync(raw, { force: true });
      throw tooLarge(limit);
    }
  } else if (type in SPREADSHEET_MEDIA_TYPES) {
    await store(request.body as NodeJS.ReadableStream, raw, limit);
  } else {
    throw new AddrError('ADDR_ERR_SPREADSHEET_MEDIA_TYPE', [type === '' ? 'no Content-Type' : type]);
  }
  const format = formatOf(partType, fileName, raw);
  const path = join(dir, `input.${format}`);
  renameSync(raw, path);
  return { path, format, fileName: fileName || `spreadsheet.${format}`, fields };
}
