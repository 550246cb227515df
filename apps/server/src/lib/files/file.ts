import type { Readable } from 'node:stream';
import type { ExportFormat } from '@addesk/contract';
import type { FastifyReply } from 'fastify';
import { csvStream } from './csv.js';
import type { Column, Table } from './table.js';
import { xlsxStream } from './xlsx.js';

/** A file to send: its bytes as a stream, its type and its names (ASCII for old clients, Russian for the rest). */
export type ExportFile = { stream: Readable; contentType: string; asciiName: string; name: string };

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const LATIN = 'a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya'.split(' ');
const LETTERS = [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'];
const latin = new Map(LETTERS.map((letter, i) => [letter, LATIN[i] === '_' ? '' : (LATIN[i] ?? '')]));
/** 'Подписчики закупки' -> 'podpischiki-zakupki': the name for clients that cannot read filename* (RFC 6266). */
const transliterated = (title: string) =>
  [...title.toLowerCase()].map((c) => (c === ' ' ? '-' : (latin.get(c) ?? c))).join('');

/** A table as a file named `{title}-{suffix}.{format}`, written as it is read. */
export function exportFile(title: string, suffix: string, format: ExportFormat, table: Table): ExportFile {
  return {
    stream: format === 'csv' ? csvStream(table) : xlsxStream(table, title),
    contentType: contentTypes[format],
    asciiName: `${transliterated(title)}-${suffix}.${format}`,
    name: `${title}-${suffix}.${format}`,
  };
}

/** `attachment` with both names of RFC 6266: the ASCII one for old clients, the Russian one in UTF-8 for the rest. */
export const sendFile = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .send(file.stream);

export const text = (header: string, width = 24): Column => ({ header, type: 'text', width });
export const money = (header: string): Column => ({ header, type: 'money', width: 14 });
export const day = (header: string): Column => ({ header, type: 'date', width: 12 });
export const dateTime = (header: string): Column => ({ header, type: 'datetime', width: 17 });
