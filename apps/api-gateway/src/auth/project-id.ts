import { PipeTransform } from '@nestjs/common';
import { HttpError } from '../common/errors/http-error';

/**
 * Project ids are Keystone's (32 hex digits) or an operator's names. The bound keeps them within what
 * PostgreSQL can index (a btree row holds about 2.7 kB; the tables are indexed on project_id): a
 * longer one would fail in storage as a 500.
 */
export const MAX_PROJECT_ID_LENGTH = 255;

/** `value` as a project id, or 400 naming where it came from (a header, a path parameter). */
export function checkProjectId(value: string, source: string): string {
  if (value.length > MAX_PROJECT_ID_LENGTH) {
    throw new HttpError(400, 'bad_request', `${source} is longer than ${MAX_PROJECT_ID_LENGTH} characters`);
  }
  return value;
}

/** A project id in a path (`/v2/quotas/{project_id}`). */
export class ProjectIdPipe implements PipeTransform<string, string> {
  constructor(private readonly parameter: string) {}

  transform(value: string): string {
    return checkProjectId(value, this.parameter);
  }
}
