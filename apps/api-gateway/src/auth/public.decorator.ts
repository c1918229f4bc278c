import { SetMetadata } from '@nestjs/common';
import { PUBLIC_ROUTE } from './auth.guard';

/** A route anyone may call without credentials (versions, health, metrics). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
