import { parse } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadFiles } from '../../../../auth/upload';

/** The tour mutation as it reads once the server takes new image files. */
const WITH_IMAGES = parse(`
  mutation CreateTour($input: TourInput!, $images: [Upload!]) { createTour(input: $input, images: $images) { tour { id } } }
`) as TypedDocumentNode<{ createTour: { tour: { id: string } } }, { input: unknown; images?: File[] }>;

interface Sent {
  headers: Record<string, string>;
  body: FormData;
}

/** A stand-in XMLHttpRequest that records the request, reports progress and answers with `answer`. */
function fakeXhr(answer: unknown, sent: Sent[]) {
  return class {
    status = 200;
    responseText = JSON.stringify(answer);
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send(body: FormData) {
      sent.push({ headers: this.headers, body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.onload?.();
    }
  };
}

const realXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

describe('tour image uploads', () => {
  it('send the files as a GraphQL multipart request with the preflight header and report progress', async () => {
    const sent: Sent[] = [];
    globalThis.XMLHttpRequest = fakeXhr(
      { data: { createTour: { tour: { id: '9' } } } },
      sent,
    ) as unknown as typeof XMLHttpRequest;
    const progress: number[] = [];
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const data = await uploadFiles(
      WITH_IMAGES,
      { input: { title: 'T', images: ['/uploads/tours/kept.jpg'] } },
      { images: [a, b] },
      (p) => progress.push(p),
    );
    expect(data.createTour.tour.id).toBe('9');
    expect(progress).toEqual([50]);
    const { headers, body } = sent[0]!;
    expect(headers['apollo-require-preflight']).toBe('true');
    const operations = JSON.parse(body.get('operations') as string);
    expect(operations.operationName).toBe('CreateTour');
    expect(operations.variables).toEqual({
      input: { title: 'T', images: ['/uploads/tours/kept.jpg'] },
      images: [null, null],
    });
    expect(JSON.parse(body.get('map') as string)).toEqual({ 0: ['variables.images.0'], 1: ['variables.images.1'] });
    expect((body.get('0') as File).name).toBe('a.png');
    expect((body.get('1') as File).name).toBe('b.jpg');
  });
});
