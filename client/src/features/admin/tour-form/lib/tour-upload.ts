import type { ApolloClient } from '@apollo/client';
import { uploadFiles } from '../../../../auth/upload';
import type { AdminTourFieldsFragment, TourInput } from '../../../../gql/admin/graphql';
import { CREATE_TOUR, UPDATE_TOUR } from '../api/tour-form.operations';

export interface SaveTourRequest {
  /** Absent for a new tour. */
  id?: string;
  input: TourInput;
  /** New image files, appended by the server after the kept paths of input.images. */
  files: readonly File[];
  onProgress?(percent: number): void;
}

/**
 * Creates or updates a tour. Without new files it is an ordinary Apollo mutation; with files it is
 * a GraphQL multipart request (sent with the preflight header) that reports upload progress.
 */
export async function saveTour(
  client: ApolloClient,
  { id, input, files, onProgress }: SaveTourRequest,
): Promise<AdminTourFieldsFragment> {
  if (files.length > 0) {
    if (id) {
      const data = await uploadFiles(UPDATE_TOUR, { id, input }, { images: files }, onProgress);
      return data.updateTour.tour;
    }
    const data = await uploadFiles(CREATE_TOUR, { input }, { images: files }, onProgress);
    return data.createTour.tour;
  }
  if (id) {
    const { data } = await client.mutate({ mutation: UPDATE_TOUR, variables: { id, input } });
    if (!data) throw new Error('Failed to update tour');
    return data.updateTour.tour;
  }
  const { data } = await client.mutate({ mutation: CREATE_TOUR, variables: { input } });
  if (!data) throw new Error('Failed to upload tour');
  return data.createTour.tour;
}
