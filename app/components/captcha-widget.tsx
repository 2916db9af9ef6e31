// The captcha of the login forms (spec/03 §6), geetest v4 style. With JavaScript: a slider — drag
// the piece along the track until it covers the gap; the offset in px is the answer, checked by the
// /login action through geetest4/action/valid. Without JavaScript: a picture with a small
// arithmetic question and an answer field inside the same form, checked by the same action.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { CaptchaChallenge } from "~/api/member.server";
import { LOGIN_MESSAGES } from "~/login/login-fields";

export interface CaptchaFailure {
  message: string;
  /** Counts failures, so the same message twice still asks for a new challenge. */
  attempt: number;
}

interface SliderCaptchaProps {
  /** The shopper let go of the slider: the lot and the piece's offset in px. */
  onSolved(lotNumber: string, output: string): void;
  onCancel(): void;
  /** No challenge could be loaded (spec/01 §8: a warning toast, then the close action). */
  onInitFailed(): void;
  failure: CaptchaFailure | null;
  /** The answer is being checked. */
  verifying: boolean;
}

const HANDLE_HINT = "向右拖动滑块完成拼图";
/** How the slider is used with keys (trial 11b #10: nothing said that Enter sends the answer). */
const KEYS_HINT = "键盘：← → 移动滑块（Shift 微调），Enter 确认";
/** One arrow key: 10 px, under twice the check's 6 px tolerance. */
const KEY_STEP_PX = 10;

export function SliderCaptcha({ onSolved, onCancel, onInitFailed, failure, verifying }: SliderCaptchaProps) {
  const loader = useFetcher<{ challenge: CaptchaChallenge | null }>();
  const [round, setRound] = useState(0);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ startX: number; startOffset: number } | null>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const requested = useRef(-1);

  // a new challenge on open, on 换一张 and after every failure
  const failureAttempt = failure?.attempt ?? 0;
  useEffect(() => {
    const key = round * 1000 + failureAttempt;
    if (requested.current === key) return;
    requested.current = key;
    setOffset(0);
    loader.load("/login?captcha=slide");
  }, [round, failureAttempt, loader]);

  const challenge = loader.state === "idle" ? (loader.data?.challenge ?? null) : null;
  const loaded = loader.state === "idle" && loader.data !== undefined;
  useEffect(() => {
    if (loaded && !challenge) onInitFailed();
  }, [loaded, challenge, onInitFailed]);
  // the handle has focus from the moment the captcha opens (still loading, aria-disabled), and again
  // with each new challenge: focusing only once the challenge had come was at times never done on a
  // busy machine (the challenge on screen, that effect not run: 2–7 in 60 runs of the login page)
  useEffect(() => {
    handleRef.current?.focus({ preventScroll: true });
  }, [challenge]);

  const width = challenge?.track_width ?? challenge?.image_width ?? 280;
  const piece = challenge?.piece_size ?? 44;
  const max = width - piece;
  const clamp = (x: number) => Math.max(0, Math.min(max, Math.round(x)));
  const busy = verifying || !challenge;

  function submit(x: number) {
    if (!challenge || busy || x < 1) return;
    onSolved(challenge.lot_number, String(x));
  }
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startOffset: offset };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    setOffset(clamp(drag.current.startOffset + event.clientX - drag.current.startX));
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const x = clamp(drag.current.startOffset + event.clientX - drag.current.startX);
    drag.current = null;
    setOffset(x);
    submit(x);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Escape closes it also while a challenge loads or an answer is checked
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (busy) return;
    // the ARIA slider keys: an arrow moves a step narrower than the check's tolerance, so some step
    // always lands on the gap (Shift: 1 px), a page key four steps, Home and End to the ends
    const step = event.shiftKey ? 1 : KEY_STEP_PX;
    const page = KEY_STEP_PX * 4;
    const moves: Record<string, number> = {
      ArrowRight: offset + step,
      ArrowUp: offset + step,
      ArrowLeft: offset - step,
      ArrowDown: offset - step,
      PageUp: offset + page,
      PageDown: offset - page,
      Home: 0,
      End: max,
    };
    if (event.key in moves) {
      event.preventDefault();
      setOffset(clamp(moves[event.key]));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      submit(offset);
    }
  }

  return (
    // covers the whole login panel, its padding included (p-8, on phones px-5 py-6)
    <div className="absolute -inset-8 z-20 flex items-center justify-center rounded-2xl bg-black/75 p-2 backdrop-blur-sm max-sm:-inset-x-5 max-sm:-inset-y-6">
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="captcha-title"
        className="w-[312px] max-w-full rounded-xl bg-surface-overlay p-4 shadow-2xl ring-1 ring-surface-line"
      >
        <header className="flex items-center justify-between">
          <h3 id="captcha-title" className="text-base font-semibold text-ink">
            安全验证
          </h3>
          <button type="button" onClick={onCancel} aria-label="关闭安全验证" className="-mr-1 rounded p-1 text-ink-muted hover:text-ink">
            <CloseIcon />
          </button>
        </header>
        <p className="mt-1 text-xs text-ink-muted">{challenge?.prompt || "请完成下方拼图验证"}</p>
        <div className="relative mt-3 overflow-hidden rounded-lg bg-surface-raised" style={{ width, height: challenge?.image_height ?? 160 }}>
          {challenge ? (
            <>
              <img src={challenge.bg_url} width={width} height={challenge.image_height} alt="拼图验证背景图" className="block select-none" draggable={false} />
              <div
                aria-hidden="true"
                data-testid="captcha-piece"
                className="absolute rounded-md bg-gradient-to-br from-white/70 to-primary-200/50 shadow-[0_0_0_2px_#fff,0_4px_12px_rgba(0,0,0,.5)]"
                style={{ left: offset, top: challenge.piece_y ?? 0, width: piece, height: piece }}
              />
            </>
          ) : (
            <div className="flex h-full items-center justify-center text-sm text-ink-faint">加载中…</div>
          )}
          {verifying ? <div className="absolute inset-0 flex items-center justify-center bg-black/40 text-sm text-white">验证中…</div> : null}
          <button
            type="button"
            onClick={() => setRound((r) => r + 1)}
            disabled={verifying}
            className="absolute right-2 top-2 rounded-full bg-black/50 px-2 py-0.5 text-xs text-white hover:bg-black/70"
          >
            换一张
          </button>
        </div>
        <div className="relative mt-3 rounded-full bg-surface-sunken ring-1 ring-surface-line" style={{ width, height: piece }}>
          <div className="absolute inset-y-0 left-0 rounded-full bg-primary-500/25" style={{ width: offset + piece }} aria-hidden="true" />
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center pl-10 text-xs text-ink-faint" aria-hidden="true">
            {HANDLE_HINT}
          </span>
          <div
            ref={handleRef}
            role="slider"
            tabIndex={0}
            aria-label={HANDLE_HINT}
            aria-valuemin={0}
            aria-valuemax={max}
            aria-valuenow={offset}
            aria-disabled={busy}
            aria-describedby="captcha-keys"
            data-testid="captcha-handle"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
            className={`absolute top-0 flex touch-none select-none items-center justify-center rounded-full bg-primary-600 text-white shadow-lg ${busy ? "cursor-wait opacity-70" : "cursor-grab active:cursor-grabbing"}`}
            style={{ left: offset, width: piece, height: piece }}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
              <path d="M5 12h14M13 6l6 6-6 6" />
            </svg>
          </div>
        </div>
        <p id="captcha-keys" className="mt-2 text-xs text-ink-faint">
          {KEYS_HINT}
        </p>
        {failure ? (
          <p role="alert" className="mt-2 text-xs text-red-300">
            {failure.message || LOGIN_MESSAGES.CAPTCHA_FAILED}，请重试
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** The no-script challenge: a picture and an answer field, posted with the form. */
export function TextCaptcha({ challenge, error, posted }: { challenge: CaptchaChallenge | null; error?: string; posted: boolean }) {
  // where the browser runs scripts, the slider takes the question over when React hydrates and this one is removed:
  // drawn until then, its removal moved everything below it (登录, 忘记密码) 116 px up under a shopper's finger. The
  // answer to a post the scripts did not take (they never ran) shows it whatever the browser runs
  const hidden = posted ? "" : "[@media(scripting:enabled)]:hidden";
  if (!challenge) {
    return (
      <p role="alert" className={`rounded-lg border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm text-amber-200 ${hidden}`}>
        {LOGIN_MESSAGES.CAPTCHA_INIT_FAILED}
      </p>
    );
  }
  return (
    <fieldset className={`space-y-2 ${hidden}`}>
      <legend className="mb-2 text-sm text-ink-muted">安全验证</legend>
      <input type="hidden" name="lot_number" value={challenge.lot_number} />
      <div className="flex flex-wrap items-center gap-3">
        <img
          src={challenge.bg_url}
          width={challenge.image_width}
          height={challenge.image_height}
          alt="安全验证图片：请计算图中的算式"
          className="h-[72px] w-auto rounded-md ring-1 ring-surface-line"
        />
        <label htmlFor="captcha-answer" className="sr-only">
          {challenge.prompt || "请输入图中算式的结果"}
        </label>
        <input
          id="captcha-answer"
          name="captcha_output"
          inputMode="numeric"
          autoComplete="off"
          placeholder={challenge.prompt || "请输入图中算式的结果"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "captcha-error" : undefined}
          className={`h-11 min-w-[9rem] flex-1 rounded-lg border bg-surface-sunken px-3 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none ${error ? "border-red-500" : "border-surface-line"}`}
        />
      </div>
      {error ? (
        <p id="captcha-error" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
