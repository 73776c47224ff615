import { When } from '../../../shared/when';
import { useSiteVersions } from '../api/site-content';
import type { SiteVersion } from '../api/site-content-types';
import { changedInWords } from '../utils/field-labels';

function VersionItem(props: {
  readonly version: SiteVersion;
  readonly first: boolean;
  readonly current: boolean;
  readonly busy: boolean;
  readonly onRestore: (version: number) => void;
}) {
  const { version } = props;
  const heading = `site-version-${version.version}`;
  return (
    <li className="item" data-testid="site-version">
      <h3 id={heading} className="item-head">
        Version {version.version}
        {props.current ? (
          <>
            {' '}
            <span className="badge badge-approved">On the page</span>
          </>
        ) : null}
      </h3>
      <p className="meta">
        Published <When iso={version.publishedAt} />{' '}
        {version.publishedBy === null ? (
          'with the site'
        ) : (
          <>
            by <bdi>{version.publishedBy}</bdi>
          </>
        )}
      </p>
      <p>
        {props.first
          ? 'The first version: the texts the site started with.'
          : `Changed: ${changedInWords(version.changed)}.`}
      </p>
      {props.current ? null : (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-describedby={heading}
          disabled={props.busy}
          onClick={() => props.onRestore(version.version)}
        >
          Restore
        </button>
      )}
    </li>
  );
}

/** Every published version, newest first, with "Restore" on each but the one on the page. */
export function VersionsSection(props: {
  readonly current: number;
  readonly busy: boolean;
  readonly onRestore: (version: number) => void;
}) {
  const { versions } = useSiteVersions().data;
  const oldest = versions.at(-1)?.version;
  return (
    <section id="versions" className="site-versions" aria-labelledby="site-versions-heading">
      <h2 id="site-versions-heading">Published versions</h2>
      <p className="hint">
        Restore makes a version the draft again, in the editor above; the page changes when you publish it.
      </p>
      <ol className="items">
        {versions.map((version) => (
          <VersionItem
            key={version.version}
            version={version}
            first={version.version === oldest}
            current={version.version === props.current}
            busy={props.busy}
            onRestore={props.onRestore}
          />
        ))}
      </ol>
    </section>
  );
}
