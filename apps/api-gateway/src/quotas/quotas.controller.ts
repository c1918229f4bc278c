import {
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSchema,
  ApiTags,
} from '@nestjs/swagger';
import { Quotas } from '@zonewarden/config';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { Auth, AuthContext } from '../auth/auth-context';
import { ProjectIdPipe } from '../auth/project-id';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { ApiErrors } from '../openapi/api-docs';
import { IntegerField } from '../openapi/api-schemas';
import { UpdateQuotasDto } from './dto/update-quotas.dto';

/** A project's limits (-1: unlimited). */
@ApiSchema({ name: 'Quotas' })
class QuotasView implements Quotas {
  @IntegerField({ example: 10 }) zones!: number;
  @IntegerField({ example: 500 }) zone_recordsets!: number;
  @IntegerField({ example: 500 }) zone_records!: number;
  @IntegerField({ example: 20 }) recordset_records!: number;
  @IntegerField({ example: 1000 }) api_export_size!: number;
}
import { QuotasService } from '@zonewarden/domain';

const ProjectId = () => Param('project_id', new ProjectIdPipe('project_id'));

/** Designate's quota API: a flat object of resource → limit. */
@ApiTags('quotas')
@Controller('v2/quotas')
export class QuotasController {
  constructor(private readonly quotas: QuotasService) {}

  @Get()
  @ApiOperation({ summary: "Show the caller's project's quotas" })
  @ApiOkResponse({ description: 'The quotas.', type: QuotasView })
  own(@Auth() auth: AuthContext) {
    return this.quotas.get(auth, auth.projectId);
  }

  @Get(':project_id')
  @ApiOperation({ summary: "Show a project's quotas", description: 'Any role of that project, or an admin.' })
  @ApiOkResponse({ description: 'The quotas.', type: QuotasView })
  @ApiErrors({ 403: "`forbidden`: another project's (not an admin)." })
  get(@Auth() auth: AuthContext, @ProjectId() projectId: string) {
    return this.quotas.get(auth, projectId);
  }

  @Patch(':project_id')
  @ApiOperation({ summary: "Set a project's quotas", description: 'Admins only; `{}` changes nothing.' })
  @ApiBody({ type: UpdateQuotasDto, examples: { zones: { summary: 'More zones', value: { zones: 20 } } } })
  @ApiOkResponse({ description: 'Every quota of the project.', type: QuotasView })
  @ApiErrors({
    400: '`invalid_object`; `invalid_project` (Keystone does not know it).',
    403: '`forbidden`: not an admin.',
  })
  set(
    @Auth() auth: AuthContext,
    @ProjectId() projectId: string,
    @Body(new ObjectBodyPipe(UpdateQuotasDto, 'quota')) dto: UpdateQuotasDto,
  ) {
    // `{}` changes nothing and answers the limits, as Designate's loop over the given resources does.
    const limits = Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));
    return this.quotas.set(auth, projectId, limits);
  }

  @Delete(':project_id')
  @HttpCode(204)
  @ApiOperation({
    summary: "Reset a project's quotas",
    description: "Admins only: back to the operator's defaults.",
  })
  @ApiNoContentResponse({ description: 'Reset.' })
  @ApiErrors({ 403: '`forbidden`: not an admin.' })
  async reset(@Auth() auth: AuthContext, @ProjectId() projectId: string): Promise<void> {
    await this.quotas.reset(auth, projectId);
  }
}
