import { PipeTransform } from '@nestjs/common';
import { ObjectBodyPipe, validateEach } from '../common/http/object-body.pipe';
import { CreateUpdateGrantDto, GrantNameDto, UpdateUpdateGrantDto } from './update-grant.dto';

const nameEntry = new ObjectBodyPipe(GrantNameDto, 'name');

/**
 * A grant's body: its shape, then each entry of `names` (an object of its own, unknown keys refused), every
 * problem reported with its path (`["names", 1, "match"]`).
 */
export class UpdateGrantBodyPipe<
  T extends CreateUpdateGrantDto | UpdateUpdateGrantDto,
> implements PipeTransform<unknown, T> {
  private readonly body: ObjectBodyPipe<T>;

  constructor(dto: new () => T) {
    this.body = new ObjectBodyPipe(dto, 'update_grant');
  }

  transform(value: unknown): T {
    const grant = this.body.transform(value);
    return grant.names ? { ...grant, names: validateEach(nameEntry, 'names', grant.names) } : grant;
  }
}
