import * as adminDocuments from '../gql/admin/graphql';
import * as publicDocuments from '../gql/graphql';

interface DocumentLike {
  kind: string;
  definitions: readonly { kind: string; name?: { value: string } }[];
}

const isDocument = (v: unknown): v is DocumentLike =>
  !!v &&
  typeof v === 'object' &&
  (v as DocumentLike).kind === 'Document' &&
  Array.isArray((v as DocumentLike).definitions);

/**
 * The name of every GraphQL operation the client sends, read from its generated documents (public
 * and admin), so the list can never fall behind them. The server labels its metrics by these.
 */
export const operationNames: readonly string[] = [
  ...new Set(
    [publicDocuments, adminDocuments]
      .flatMap((m) => Object.values(m as Record<string, unknown>))
      .filter(isDocument)
      .flatMap((d) =>
        d.definitions.filter((def) => def.kind === 'OperationDefinition' && def.name).map((def) => def.name!.value),
      ),
  ),
].sort();
