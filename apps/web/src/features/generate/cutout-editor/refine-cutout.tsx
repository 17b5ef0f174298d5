import type { PickedImage } from "../photo/use-image-picker.ts";
import type { SubjectStatus } from "../photo/use-subject-status.ts";
import { LazyCutoutEditor } from "./lazy-cutout-editor.ts";
import { RefineCutoutButton } from "./refine-cutout-button.tsx";
import { useCutoutRefining } from "./use-cutout-refining.ts";

export type RefineCutoutProps = {
  /** The picked photo's upload. */
  recordId: string;
  /** Its cut-out can be refined once it is ready. */
  subject: SubjectStatus | null;
  photo: PickedImage;
};

/**
 * Over the picked photo: "Refine cut-out", the editor it opens, and once saved the upload's
 * refined cut-out shown in the photo's place.
 */
export function RefineCutout(props: RefineCutoutProps) {
  // another upload starts afresh
  return <UploadCutout key={props.recordId} {...props} />;
}

function UploadCutout({ recordId, subject, photo }: RefineCutoutProps) {
  const refining = useCutoutRefining();
  return (
    <>
      {refining.refinedUrl && (
        <img
          src={refining.refinedUrl}
          alt={`Refined cut-out of ${photo.file.name}`}
          className="absolute inset-0 size-full object-scale-down p-4 pb-16"
        />
      )}
      <RefineCutoutButton enabled={subject === "ready"} onOpen={() => refining.setOpen(true)} />
      <LazyCutoutEditor
        open={refining.open}
        onOpenChange={refining.setOpen}
        recordId={recordId}
        photoUrl={photo.url}
        photoName={photo.file.name}
        onSaved={refining.saved}
      />
    </>
  );
}
