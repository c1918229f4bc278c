import { PipeTransform } from '@nestjs/common';
import { HttpError } from '../common/errors/http-error';
import { ObjectBodyPipe, ValidationItem } from '../common/http/object-body.pipe';
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
    const problems: ValidationItem[] = [];
    const names = grant.names?.map((entry, index) => {
      try {
        return nameEntry.transform(entry);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const items = (error.details as { errors?: ValidationItem[] } | undefined)?.errors ?? [];
        for (const item of items) problems.push({ ...item, path: ['names', index, ...item.path] });
        return undefined;
      }
    });
    if (problems.length)
      throw new HttpError(
        400,
        'invalid_object',
        `Provided object is not valid: ${problems
          .slice(0, 10)
          .map((p) => `${p.path.join('.')}: ${p.message}`)
          .join('; ')}`,
        { errors: problems.slice(0, 10) },
      );
    return names ? { ...grant, names: names as GrantNameDto[] } : grant;
  }
}
