import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export interface DatabaseOptions {
  url: string;
  /** Connections in this process's pool. */
  poolSize?: number;
}

/** The one Prisma client of a process. Only libs/persistence uses it. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor(options: DatabaseOptions) {
    super({ adapter: new PrismaPg({ connectionString: options.url, max: options.poolSize ?? 10 }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

export type Tx = Parameters<Parameters<PrismaService['$transaction']>[0]>[0];
