import { PipeTransform } from '@nestjs/common';
import { BatchInput } from '@zonewarden/domain';
import { ObjectBodyPipe, validateEach } from '../../common/http/object-body.pipe';
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
    return { comment, changes: validateEach(action, 'changes', changes) };
  }
}
