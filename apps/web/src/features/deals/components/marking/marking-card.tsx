import type { DealMarking } from '@addesk/contract';
import { checkAdText, type DealKind, markingStateNames } from '@addesk/contract/plain';
import { Copy, Pencil } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/copy-text';
import { notifyFailure, notifySuccess } from '@/lib/notify';
import { useMarking } from '../../api/marking';
import { usePost } from '../../api/post';
import { DealScreenCard } from '../deal-screen-card';
import { MarkingForm, TEXTAREA_CLASS } from './marking-form';
import { MarkingRegistration } from './marking-registration';
import { markingTexts as t } from './marking-texts';

/** How long 'Скопировано' stays on the button. */
const COPIED_MS = 2_000;

export type MarkingCardProps = {
  kind: DealKind;
  id: number;
  /** Whether the person may change the deal, and so its marking. */
  editable: boolean;
};

/**
 * 'Маркировка' on a deal's screen (issue 35): where the marking stands, what is missing, the text to paste into the
 * post and the creative's links with erid, each with 'Скопировать'; 'Заполнить' / 'Изменить' for whoever may change
 * the deal; and 'Проверить текст', which checks a pasted post by the contract's rule, without a request.
 */
export function MarkingCard({ kind, id, editable }: MarkingCardProps) {
  const [editing, setEditing] = useState(false);
  return (
    <DealScreenCard title={t.title} query={useMarking(kind, id)}>
      {(marking) =>
        editing ? (
          <MarkingForm kind={kind} id={id} marking={marking} onDone={() => setEditing(false)} />
        ) : (
          <>
            <MarkingView marking={marking} />
            {marking.registeredBy === 'us' ? (
              <MarkingRegistration kind={kind} id={id} marking={marking} editable={editable} />
            ) : null}
            {editable ? (
              <Button variant="secondary" className="self-start" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {marking.registeredBy === null ? t.fill : t.change}
              </Button>
            ) : null}
            <TextCheck kind={kind} id={id} marking={marking} />
          </>
        )
      }
    </DealScreenCard>
  );
}

function MarkingView({ marking }: { marking: DealMarking }) {
  const missingId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground text-sm">{t.state}:</span>
        <span className="rounded-full bg-muted px-3 py-1 font-medium text-sm">
          {markingStateNames[marking.state]}
        </span>
      </p>
      {marking.erirStatus ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t.erir}: </span>
          {marking.erirStatus}
        </p>
      ) : null}
      {marking.registeredBy === 'not_required' && marking.reason ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t.reason}: </span>
          {marking.reason}
        </p>
      ) : null}
      {marking.missing.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 id={missingId} className="font-medium">
            {t.missing}
          </h3>
          <ul aria-labelledby={missingId} className="list-disc pl-5 text-sm">
            {marking.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {marking.marker ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">{t.marker}</h3>
          <p className="select-all whitespace-pre-wrap break-words rounded-lg bg-muted px-3 py-2">
            {marking.marker}
          </p>
          <CopyButton text={marking.marker} label={t.copy} />
        </div>
      ) : null}
      {marking.links.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">{t.links}</h3>
          <ul className="flex flex-col gap-2">
            {marking.links.map((link) => (
              <li key={link} className="flex flex-col gap-1">
                <span className="select-all break-all rounded-lg bg-muted px-3 py-2 text-sm">{link}</span>
                <CopyButton text={link} label={t.copyLink(link)} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** 'Скопировать' through the app's copy helper: 'Скопировано' on the button for a moment and as a toast. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await copyText(text)) {
      setCopied(true);
      notifySuccess(t.copied);
    } else notifyFailure(t.notCopied);
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      className="self-start"
      aria-label={copied || label === t.copy ? undefined : label}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
      {copied ? t.copied : t.copy}
    </Button>
  );
}

/**
 * 'Проверить текст': a pasted post checked against the deal's erid and advertiser, each check with ✓ or ✗ in words;
 * until something is pasted, the published post as it was last read (issue 36), so an edit that dropped «Реклама» or
 * the erid shows here.
 */
function TextCheck({ kind, id, marking }: { kind: DealKind; id: number; marking: DealMarking }) {
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const published = usePost(kind, id).data?.text ?? null;
  const checked = text.trim() === '' ? published : text;
  const checks =
    !checked || checked.trim() === ''
      ? []
      : checkAdText({
          text: checked,
          erid: marking.erid ?? undefined,
          advertiserName: marking.advertiser.name ?? undefined,
          advertiserInn: marking.advertiser.inn ?? undefined,
        });
  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <h3 className="font-medium">{t.check}</h3>
      <label htmlFor={fieldId} className="sr-only">
        {t.checkLabel}
      </label>
      <textarea
        id={fieldId}
        className={TEXTAREA_CLASS}
        aria-describedby={hintId}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={hintId} className="text-muted-foreground text-sm">
        {t.checkHint}
      </p>
      {checks.length > 0 && checked === published ? (
        <p className="font-medium text-sm">{t.publishedChecked}</p>
      ) : null}
      {checks.length > 0 ? (
        <ul aria-label={t.checksTitle} aria-live="polite" className="flex flex-col gap-1">
          {checks.map((check) => (
            <li
              key={check.code}
              className={check.ok ? 'flex items-start gap-2' : 'flex items-start gap-2 text-destructive'}
            >
              <span>
                <span className="sr-only">{check.ok ? `${t.ok}: ` : `${t.notOk}: `}</span>
                <span aria-hidden="true">{check.ok ? '✓ ' : '✗ '}</span>
                {check.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
