import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { Auth, AuthContext } from '../auth/auth-context';
import { ProjectIdPipe } from '../auth/project-id';
import { ObjectBodyPipe } from '../common/http/object-body.pipe';
import { UpdateQuotasDto } from './dto/update-quotas.dto';
import { QuotasService } from '@zonewarden/domain';

const ProjectId = () => Param('project_id', new ProjectIdPipe('project_id'));

/** Designate's quota API: a flat object of resource → limit. */
@ApiTags('quotas')
@Controller('v2/quotas')
export class QuotasController {
  constructor(private readonly quotas: QuotasService) {}

  @Get()
  own(@Auth() auth: AuthContext) {
    return this.quotas.get(auth, auth.projectId);
  }

  @Get(':project_id')
  get(@Auth() auth: AuthContext, @ProjectId() projectId: string) {
    return this.quotas.get(auth, projectId);
  }

  @Patch(':project_id')
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
  async reset(@Auth() auth: AuthContext, @ProjectId() projectId: string): Promise<void> {
    await this.quotas.reset(auth, projectId);
  }
}
