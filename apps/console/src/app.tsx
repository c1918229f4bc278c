import { useEffect, useState } from 'preact/hooks';
import { setAllProjects, setSudoProject, whenSignedOut } from './api';
import { ActForProjectForm, ActingBanner } from './act-for-project';
import { AcceptTransferPage } from './pages/accept-transfer';
import { AdminPage } from './admin/admin-page';
import { SignInPage } from './pages/sign-in';
import { ZonesPage } from './pages/zones';
import { ZonePage } from './zone/zone-page';
import { href, useRoute } from './router';
import { canWrite, isAdmin, loadSession, signOut } from './session';
import type { Session } from './types';
import { ErrorNote, useAction } from './ui';

/** The longest a timer may wait (setTimeout's limit): a session ending later is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The console: the sign-in until there is a session, then the page the hash names. */
export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [ended, setEnded] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => {
    whenSignedOut(() => {
      // The next sign-in starts in its own project, whoever it is.
      setAllProjects(false);
      setSudoProject(undefined);
      setEnded(true);
      setSession((before) => (before ? { strategy: before.strategy, signed_in: false } : before));
    });
    loadSession().then(setSession, setLoadError);
  }, []);

  // The session ends with its token: sign-in again once it expires.
  useEffect(() => {
    if (!session?.signed_in || !session.expires_at) return;
    const left = Date.parse(session.expires_at) - Date.now();
    const timer = setTimeout(
      () =>
        loadSession().then((next) => {
          if (!next.signed_in) setEnded(true);
          setSession(next);
        }, setLoadError),
      Math.min(Math.max(left, 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [session]);

  if (loadError)
    return (
      <main id="main">
        <ErrorNote error={loadError} />
      </main>
    );
  if (!session)
    return (
      <main id="main" aria-busy="true">
        <p>Loading…</p>
      </main>
    );
  if (!session.signed_in)
    return (
      <SignInPage
        strategy={session.strategy}
        ended={ended}
        onSignedIn={(next) => {
          setEnded(false);
          setSession(next);
        }}
      />
    );
  return <SignedIn session={session} onSignedOut={(next) => setSession(next)} />;
}

function SignedIn({ session, onSignedOut }: { session: Session; onSignedOut: (session: Session) => void }) {
  const route = useRoute();
  const out = useAction(async () => {
    await signOut();
    return true;
  });
  const [page, ...rest] = route;
  const admin = isAdmin(session);
  const write = canWrite(session);
  const [allProjects, setAll] = useState(false);
  /** The project an admin acts for (X-Auth-Sudo-Project-ID on every call), or '' for its own. */
  const [actingFor, setActingFor] = useState('');
  useEffect(() => {
    document.title = `${page === 'zones' && rest[0] ? 'Zone' : page === 'admin' ? 'Admin' : page === 'accept' ? 'Accept a transfer' : 'Zones'} · Zonewarden`;
  }, [page, rest[0]]);
  let content;
  if (page === 'zones' && rest[0])
    content = <ZonePage zoneId={rest[0]} tab={rest[1] ?? 'records'} canWrite={write} isAdmin={admin} />;
  else if (page === 'accept') content = <AcceptTransferPage />;
  else if (page === 'admin' && admin) content = <AdminPage tab={rest[0] ?? 'tlds'} />;
  else content = <ZonesPage canWrite={write} allProjects={allProjects} />;
  return (
    <>
      <a
        class="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={href('zones')}>
          Zonewarden
        </a>
        <nav aria-label="Main">
          <a href={href('zones')} aria-current={page !== 'accept' && page !== 'admin' ? 'page' : undefined}>
            Zones
          </a>
          {write && (
            <a href={href('accept')} aria-current={page === 'accept' ? 'page' : undefined}>
              Accept a transfer
            </a>
          )}
          {admin && (
            <a href={href('admin')} aria-current={page === 'admin' ? 'page' : undefined}>
              Admin
            </a>
          )}
        </nav>
        <div class="who">
          <span>
            {session.user_id} · project <code>{session.project_id ?? '(system)'}</code>
            {session.roles?.length ? ` · ${session.roles.join(', ')}` : ''}
          </span>
          {admin && !actingFor && <ActForProjectForm onActing={setActingFor} />}
          {admin && (
            <label class="all-projects">
              <input
                type="checkbox"
                checked={allProjects}
                onChange={(event) => {
                  const on = (event.currentTarget as HTMLInputElement).checked;
                  setAllProjects(on);
                  setAll(on);
                }}
              />{' '}
              All projects
            </label>
          )}
          <button
            type="button"
            disabled={out.busy}
            onClick={async () => {
              if (await out.run()) onSignedOut({ strategy: session.strategy, signed_in: false });
            }}
          >
            Sign out
          </button>
        </div>
      </header>
      {actingFor && <ActingBanner projectId={actingFor} onStop={() => setActingFor('')} />}
      <ErrorNote error={out.error} />
      {/* A new scope (all projects or not, another project or the own) loads every page's data anew. */}
      <main id="main" tabIndex={-1} key={`${allProjects}/${actingFor}`}>
        {content}
      </main>
    </>
  );
}
