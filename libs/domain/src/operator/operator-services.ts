import { PoolsRepository, PrismaService, TokensRepository } from '@zonewarden/persistence';
import { PoolsFileService } from '../catalogs/pools-file.service';
import { TokensService } from '../tokens/tokens.service';

/** The services an operator's command uses outside any app (the CLI, the all-in-one's development token). */
export interface OperatorServices {
  tokens: TokensService;
  poolsFile: PoolsFileService;
}

/** The operator's services on the command's own database connection (no Nest context: a quick start). */
export function operatorServices(database: PrismaService): OperatorServices {
  return {
    tokens: new TokensService(new TokensRepository(database)),
    poolsFile: new PoolsFileService(new PoolsRepository(database)),
  };
}
