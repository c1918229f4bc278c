import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiPublic } from '../openapi/api-docs';
import { PUBLIC_ROUTE } from './auth.guard';

/** A route anyone may call without credentials (versions, health, metrics); the OpenAPI document says so. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_ROUTE, true), ApiPublic());
