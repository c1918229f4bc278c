import { Logger } from '@nestjs/common';
import { ProjectDirectory } from '@zonewarden/domain';
import { KeystoneClient, KeystoneUnavailable } from './keystone-client';

/**
 * Keystone's projects, read with the service's token. As Designate's `verify_project_id`, only Keystone's
 * 404 says a project is absent; a refusal (403) or no answer lets the change through, with a warning.
 */
export class KeystoneProjectDirectory extends ProjectDirectory {
  private readonly logger = new Logger('Keystone');

  constructor(private readonly keystone: KeystoneClient) {
    super();
  }

  async isKnownAbsent(projectId: string): Promise<boolean> {
    try {
      const status = await this.keystone.projectStatus(projectId);
      if (status !== 200 && status !== 404)
        this.logger.warn(`project ${projectId} not verified: Keystone answered ${status}`);
      return status === 404;
    } catch (error) {
      if (!(error instanceof KeystoneUnavailable)) throw error;
      this.logger.warn(`project ${projectId} not verified: ${error.message}`);
      return false;
    }
  }
}
