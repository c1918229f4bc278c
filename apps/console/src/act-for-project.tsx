import { useState } from 'preact/hooks';
import { setSudoProject } from './api';
import { onSubmit, useId } from './ui';

/** The API's bound on a project id (api-gateway's auth/project-id.ts). */
const MAX_PROJECT_ID_LENGTH = 255;

/**
 * An admin's "Act for project …" (Designate's sudo): from then on every call carries
 * `X-Auth-Sudo-Project-ID`, so the API treats it as that project's (its zones, quotas, creations), until
 * "Stop acting". The API refuses the header from anyone else; the console shows the control to admins only.
 */
export function ActForProjectForm({ onActing }: { onActing: (projectId: string) => void }) {
  const [project, setProject] = useState('');
  const id = useId('act-for');
  const act = () => {
    const projectId = project.trim();
    if (!projectId) return;
    setSudoProject(projectId);
    setProject('');
    onActing(projectId);
  };
  return (
    <form class="act-for" aria-label="Act for another project" onSubmit={onSubmit(act)}>
      <label for={id}>Act for project</label>
      <input
        id={id}
        value={project}
        required
        maxLength={MAX_PROJECT_ID_LENGTH}
        autoComplete="off"
        spellcheck={false}
        onInput={(event) => setProject((event.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit">Act</button>
    </form>
  );
}

/** While an admin acts for another project: which one, on every page, and the way back to its own. */
export function ActingBanner({ projectId, onStop }: { projectId: string; onStop: () => void }) {
  return (
    <section class="acting" aria-label="Acting for another project">
      <p role="status">
        Acting for project <code>{projectId}</code>: everything you see and do is that project's.
      </p>
      <button
        type="button"
        onClick={() => {
          setSudoProject(undefined);
          onStop();
        }}
      >
        Stop acting
      </button>
    </section>
  );
}
