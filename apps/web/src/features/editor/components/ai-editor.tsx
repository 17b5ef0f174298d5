import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Check, Minus, Wand2, X } from "lucide-react";
import { type KeyboardEvent, useReducer, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { DialogDescription, DialogTitle } from "../../../components/ui/dialog.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import {
  createHistory,
  currentImage,
  type EditorHistory,
  hasEdits,
  historyReducer,
  isAtOriginal,
} from "../editor-history.ts";
import { useAiEdit } from "../hooks/use-ai-edit.ts";
import { useOpener } from "../hooks/use-opener.ts";
import { historyShortcut, isTextField, modifierLabel } from "../shortcuts.ts";
import { DiscardDialog } from "./discard-dialog.tsx";
import { EditPromptForm, PROMPT_ID } from "./edit-prompt-form.tsx";
import { EditorStage, STAGE_ID } from "./editor-stage.tsx";
import { IconButton } from "./icon-button.tsx";
import { MinimizedBar } from "./minimized-bar.tsx";

export type AiEditorProps = {
  /** The image record the edits are made on (and saved to by the server). */
  recordId: string;
  /** The image to start from, e.g. the generated or upscaled result. Read once, on mount. */
  imageUrl: string;
  /** "Done Editing - Save and Close": the image shown at that moment. onClose() follows. */
  onSave(url: string): void;
  /** The editor is finished with: after onSave, or when the user discards. Unmount it. */
  onClose(): void;
};

export const EDIT_READY_MESSAGE = "Your AI edit is ready";

/**
 * The AI editor (SPEC points 2, 4 and 5): a full-screen sheet on phones, a large two-column
 * dialog from 1024 px. Escape and × close it, asking first when edits would be lost;
 * minimize folds it into a floating bar that keeps every bit of state.
 */
export function AiEditor({ recordId, imageUrl, onSave, onClose }: AiEditorProps) {
  const [history, dispatch] = useReducer(historyReducer, imageUrl, createHistory);
  const [prompt, setPrompt] = useState("");
  const [minimized, setMinimizedState] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useAiEdit(recordId);
  const opener = useOpener();
  // Read after the dialog has unmounted, when its handlers only see an older render.
  const minimizedRef = useRef(false);
  const restoreRef = useRef<HTMLButtonElement>(null);
  // What had focus when the discard question was asked: it gets focus back on Cancel.
  const askedFromRef = useRef<HTMLElement | null>(null);
  const busy = edit.pending;
  const current = currentImage(history);

  const setMinimized = (value: boolean) => {
    minimizedRef.current = value;
    setMinimizedState(value);
  };
  const requestClose = () => {
    if (!hasEdits(history) && !busy) return onClose();
    askedFromRef.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(true);
  };
  const save = () => {
    onSave(current);
    onClose();
  };
  const submit = () => {
    const sent = edit.submit(prompt, current, {
      onEdited: (url) => {
        dispatch({ type: "edited", url });
        if (minimizedRef.current) notifySuccess(EDIT_READY_MESSAGE);
      },
      onFailed: (message) => {
        if (minimizedRef.current) notifyError(message);
      },
    });
    // On phones the prompt sits below the image: bring the image (and its spinner) into view.
    if (sent) revealStage();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (busy || isTextField(event.target)) return;
    const command = historyShortcut(event);
    if (!command) return;
    event.preventDefault();
    dispatch({ type: command });
  };

  return (
    <>
      <DialogPrimitive.Root open={!minimized} onOpenChange={(open) => !open && requestClose()}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/45 backdrop-blur-[2px]" />
          <DialogPrimitive.Content
            onKeyDown={onKeyDown}
            onEscapeKeyDown={(event) => {
              event.preventDefault();
              requestClose();
            }}
            onInteractOutside={(event) => event.preventDefault()}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const wide = window.matchMedia("(min-width: 64rem)").matches;
              const prompt = document.getElementById(PROMPT_ID);
              (wide && prompt ? prompt : (event.currentTarget as HTMLElement)).focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (minimizedRef.current ? restoreRef.current : opener)?.focus();
            }}
            className="fixed inset-0 z-50 flex animate-fade-in flex-col overflow-hidden bg-canvas outline-none lg:inset-6 lg:m-auto lg:h-[min(54rem,calc(100dvh-3rem))] lg:w-[min(80rem,calc(100vw-3rem))] lg:rounded-panel lg:border lg:border-line lg:shadow-pop"
          >
            <EditorHeader onMinimize={() => setMinimized(true)} onClose={requestClose} />
            <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:grid lg:grid-cols-[minmax(0,1fr)_25rem] lg:grid-rows-[minmax(0,1fr)] lg:overflow-hidden">
              <EditorStage
                history={history}
                busy={busy}
                onUndo={() => dispatch({ type: "undo" })}
                onRedo={() => dispatch({ type: "redo" })}
                onReset={() => dispatch({ type: "reset" })}
                onJump={(index) => dispatch({ type: "jump", index })}
              />
              <div className="border-t border-line bg-surface p-4 sm:p-6 lg:overflow-y-auto lg:border-t-0 lg:border-l">
                <EditPromptForm
                  prompt={prompt}
                  onPromptChange={(value) => {
                    setPrompt(value);
                    edit.clearProblem();
                  }}
                  onSubmit={submit}
                  busy={busy}
                  problem={edit.problem}
                  tokenCount={edit.tokenCount}
                />
              </div>
            </div>
            <footer className="flex items-center gap-3 border-t border-line bg-surface px-4 py-3 sm:px-6">
              <p className="mr-auto hidden text-xs text-ink-subtle md:block">
                {modifierLabel()}+Z undo · {modifierLabel()}+Shift+Z redo
              </p>
              <Button variant="primary" onClick={save} disabled={busy} className="w-full md:w-auto">
                <Check aria-hidden="true" />
                Done Editing - Save and Close
              </Button>
            </footer>
            <p role="status" className="sr-only">
              {statusText(history, busy)}
            </p>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      {minimized && (
        <MinimizedBar
          imageUrl={current}
          status={statusText(history, busy)}
          busy={busy}
          restoreRef={restoreRef}
          onRestore={() => setMinimized(false)}
          onClose={requestClose}
        />
      )}
      <DiscardDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={busy}
        returnFocus={() => askedFromRef.current}
        onDiscard={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </>
  );
}

function EditorHeader({ onMinimize, onClose }: { onMinimize(): void; onClose(): void }) {
  return (
    <header className="flex items-center gap-3 border-b border-line bg-surface px-4 py-2.5 sm:px-6">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-accent-100 sm:inline-flex">
        <Wand2 aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <DialogTitle className="text-lg sm:text-xl">Edit with AI</DialogTitle>
        <DialogDescription className="mt-0 truncate text-sm max-sm:sr-only">
          Describe a change and we repaint your image.
        </DialogDescription>
      </div>
      <IconButton label="Minimize editor" onClick={onMinimize}>
        <Minus aria-hidden="true" />
      </IconButton>
      <IconButton label="Close editor without saving" onClick={onClose}>
        <X aria-hidden="true" />
      </IconButton>
    </header>
  );
}

function revealStage() {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document
    .getElementById(STAGE_ID)
    ?.scrollIntoView({ block: "nearest", behavior: reduced ? "auto" : "smooth" });
}

function statusText(history: EditorHistory, busy: boolean): string {
  if (busy) return "Editing your image…";
  if (!hasEdits(history)) return "No edits yet";
  const step = `Step ${history.cursor + 1} of ${history.entries.length}`;
  return isAtOriginal(history) ? `${step}, the original` : step;
}
