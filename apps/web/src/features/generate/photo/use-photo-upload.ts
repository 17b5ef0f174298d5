import { useEffect, useRef, useState } from "react";
import { type UploadedPhoto, uploadImage } from "../api.ts";

type Upload = { file: File; uid: string };

/** The upload of the picked photo, from the moment it starts. */
type InFlight = Upload & {
  answer: Promise<UploadedPhoto>;
  /** A Generate has taken it, landed or not. */
  taken: boolean;
};

type Outcome = Upload &
  ({ status: "failed" } | { status: "uploaded"; photo: UploadedPhoto; used: boolean });

export type PhotoUpload = {
  /** The photo is on its way to the server. */
  uploading: boolean;
  /** The photo's record, once the server has it. */
  photo: UploadedPhoto | null;
  /** A Generate has taken the record: the next one needs a new upload. */
  used: boolean;
  /**
   * The photo's upload for Generate, once: its record when it has landed, the upload itself
   * (to wait for) while it is still on its way, or null when there is none, it failed, or it
   * was taken before.
   */
  take: () => UploadedPhoto | Promise<UploadedPhoto> | null;
  /**
   * Makes `photo` the upload of `file`, about to be picked: a photo brought back from its
   * upload is not sent (nor cut out, nor charged) again. `used`: a generation took it already.
   */
  adopt: (file: File, photo: UploadedPhoto, used: boolean) => void;
};

/**
 * Uploads a signed-in user's photo the moment it is picked, so its record exists (and the
 * server is cutting its subject out) before Generate is pressed. What it keeps belongs to
 * that photo alone: another photo, none, or another user forgets it, and an upload that lands
 * after that is ignored. A failed upload says nothing: Generate uploads again and says why.
 */
export function usePhotoUpload(file: File | null, uid: string | null): PhotoUpload {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inFlight = useRef<InFlight | null>(null);

  useEffect(() => {
    if (!file || !uid) {
      inFlight.current = null;
      return;
    }
    // StrictMode runs this twice for one photo: the second run waits for the same upload.
    if (inFlight.current?.file !== file || inFlight.current.uid !== uid) {
      inFlight.current = { file, uid, answer: uploadImage(file, uid), taken: false };
    }
    const upload = inFlight.current;
    let current = true;
    upload.answer.then(
      (photo) => {
        // Taken on its way, the record is the generation's: nothing here watches it.
        if (current) setOutcome({ file, uid, status: "uploaded", photo, used: upload.taken });
      },
      () => {
        if (current) setOutcome({ file, uid, status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [file, uid]);

  const mine = outcome?.file === file && outcome.uid === uid ? outcome : null;
  const uploaded = mine?.status === "uploaded" ? mine : null;
  return {
    uploading: file !== null && uid !== null && mine === null,
    photo: uploaded?.photo ?? null,
    used: uploaded?.used ?? false,
    take: () => {
      const upload = inFlight.current;
      if (upload?.file !== file || upload.uid !== uid || upload.taken) return null;
      if (mine?.status === "failed") return null;
      upload.taken = true;
      // The functional update also marks an upload that landed since this render.
      setOutcome((now) =>
        now?.file === file && now.uid === uid && now.status === "uploaded"
          ? { ...now, used: true }
          : now,
      );
      return uploaded ? uploaded.photo : upload.answer;
    },
    adopt: (adopted, photo, used) => {
      if (!uid) return;
      inFlight.current = { file: adopted, uid, answer: Promise.resolve(photo), taken: used };
    },
  };
}
