import { PipeTransform } from '@nestjs/common';
import { BatchInput } from '@zonewarden/domain';
import { HttpError } from '../../common/errors/http-error';
import { ObjectBodyPipe, ValidationItem } from '../../common/http/object-body.pipe';
import { BatchActionDto, BatchDto } from './batch.dto';

const batch = new ObjectBodyPipe(BatchDto, 'batch');
const action = new ObjectBodyPipe(BatchActionDto, 'change');

/**
 * A batch's body: its shape, then each action's, every problem reported with its action's index (the
 * record set rules come after, in the domain, reported the same way).
 */
export class BatchBodyPipe implements PipeTransform<unknown, BatchInput> {
  transform(body: unknown): BatchInput {
    const { comment, changes } = batch.transform(body);
    const problems: (ValidationItem & { index: number })[] = [];
    const actions = changes.map((change, index) => {
      try {
        return action.transform(change);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const items = (error.details as { errors?: ValidationItem[] } | undefined)?.errors ?? [];
        for (const item of items) problems.push({ ...item, index, path: ['changes', index, ...item.path] });
        return undefined;
      }
    });
    if (problems.length)
      throw new HttpError(
        400,
        'invalid_object',
        `Provided object is not valid: ${problems
          .slice(0, 10)
          .map((p) => `changes[${p.index}]: ${p.message}`)
          .join('; ')}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}`,
        { errors: problems },
      );
    return { comment, changes: actions as BatchActionDto[] };
  }
}
