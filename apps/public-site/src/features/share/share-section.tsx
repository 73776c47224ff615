import * as Tooltip from '@radix-ui/react-tooltip';
import { COPIED_INDICATOR_MS, SCREEN_TEXTS, TOASTS, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@memoir/shared';
import { useEffect, useState } from 'react';

import { SHARE } from '../../content';
import { countEvent, eventKey } from '../../shared/count-event';
import { toast } from '@memoir/web-ui';
import { Section } from '../../shared/section';
import { shareGraphicUrl } from '../../shared/share-key';
import { useSiteData } from '../../shared/site-data';

function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      countEvent('share_copy');
      toast({ title: TOASTS.copied.title, description: TOASTS.copied.description });
    } catch {
      toast({ title: TOASTS.copyFailed.title, description: TOASTS.copyFailed.description, variant: 'destructive' });
    }
  };

  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button type="button" className="button button-small" onClick={copy} aria-label={`Copy the ${label} post`}>
          {copied ? SCREEN_TEXTS.copiedIndicator : 'Copy'}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={6}>
          Copy to your clipboard
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function ShareSection() {
  const { content, shareKey } = useSiteData();
  const { sharePosts } = content;
  return (
    <Section name="share" heading={SHARE.heading}>
      <p>{SHARE.intro}</p>
      <div className="share-graphics">
        {SHARE.graphics.map((graphic) => (
          <a
            key={graphic.src}
            href={shareGraphicUrl(graphic.src, shareKey)}
            download
            onClick={() => countEvent('graphic_download', { graphic: eventKey(graphic.src) })}
          >
            <img
              src={shareGraphicUrl(graphic.src, shareKey)}
              alt={graphic.alt}
              width={graphic.width}
              height={graphic.height}
              loading="lazy"
              decoding="async"
            />
            <span>Download: {graphic.label}</span>
          </a>
        ))}
      </div>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <ul className="cards posts">
          {sharePosts.map((post, i) => (
            <li key={i} className="card post">
              <p className="post-network">{post.network}</p>
              <p className="post-text">{post.text}</p>
              <CopyButton text={post.text} label={post.network} />
            </li>
          ))}
        </ul>
      </Tooltip.Provider>
    </Section>
  );
}
