import { IMAGE_HEAD_BYTES } from '@tembea/schema';

/**
 * A picked file's first bytes, for imageKindOf: a text file renamed .png is refused at the picker,
 * as the server would refuse it, before anything is sent.
 */
export async function imageHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
}
