import { PipeTransform } from '@nestjs/common';
import { quote } from '@zonewarden/domain';
import { HttpError } from '../common/errors/http-error';

/** A floating IP as Designate names it in a path: `<region>:<uuid>`. */
export interface FloatingIpKey {
  region: string;
  id: string;
}

const FLOATINGIP_KEY =
  /^([A-Za-z0-9.\-_]{1,100}):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Designate checks the key's shape first: anything else is 400 bad_request. */
export class FloatingIpKeyPipe implements PipeTransform<string, FloatingIpKey> {
  transform(key: string): FloatingIpKey {
    const match = FLOATINGIP_KEY.exec(key);
    if (!match)
      throw new HttpError(
        400,
        'bad_request',
        `Floating IP ${quote(key)} is not in the format of <region>:<uuid>`,
      );
    return { region: match[1], id: match[2].toLowerCase() };
  }
}
