import { useEffect, useRef, useState } from "react";
import { type UploadedPhoto, uploadImage } from "../api.ts";

type Upload = { file: File; uid: string };

type Outcome = Upload &
  ({ status: "failed" } | { status: "uploaded"; photo: UploadedPhoto; used: boolean });

export type PhotoUpload = {
  /** The photo is on its way to the server. */
  uploading: boolean;
  /** The photo's record, once the server has it. */
  photo: UploadedPhoto | null;
  /** A Generate has taken the record: the next one needs a new upload. */
  used: boolean;
  /** The record for Generate, once: null when there is none, or it was taken before. */
  take: () => UploadedPhoto | null;
};

/**
 * Uploads a signed-in user's photo the moment it is picked, so its record exists (and the
 * server is cutting its subject out) before Generate is pressed. What it keeps belongs to
 * that photo alone: another photo, none, or another user forgets it, and an upload that lands
 * after that is ignored. A failed upload says nothing: Generate uploads again and says why.
 */
export function usePhotoUpload(file: File | null, uid: string | null): PhotoUpload {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inFlight = useRef<(Upload & { answer: Promise<UploadedPhoto> }) | null>(null);

  useEffect(() => {
    if (!file || !uid) {
      inFlight.current = null;
      return;
    }
    // StrictMode runs this twice for one photo: the second run waits for the same upload.
    if (inFlight.current?.file !== file || inFlight.current.uid !== uid) {
      inFlight.current = { file, uid, answer: uploadImage(file, uid) };
    }
    let current = true;
    inFlight.current.answer.then(
      (photo) => {
        if (current) setOutcome({ file, uid, status: "uploaded", photo, used: false });
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
      if (!uploaded || uploaded.used) return null;
      setOutcome({ ...uploaded, used: true });
      return uploaded.photo;
    },
  };
}
