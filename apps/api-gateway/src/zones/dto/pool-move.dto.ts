import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID, ValidateIf } from 'class-validator';

/** `POST …/tasks/pool_move`: the pool to move to; none, the scheduler chooses (the default pool). */
export class PoolMoveDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', example: '794ccc2c-d751-44fe-b57f-8894c9f5c842' })
  @ValidateIf((o: PoolMoveDto) => o.pool_id !== undefined)
  @IsUUID('all', { message: 'pool_id must be a UUID' })
  pool_id?: string;
}
