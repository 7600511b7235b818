import { Entity, Index, PrimaryKey } from '@mikro-orm/core';

/**
 * Every lexeme of the tours' search vectors, kept by the same triggers as the word dictionary. A
 * search word is a prefix ('kili' finds 'kilimanjaro'); reading the word index for a prefix costs
 * a pass over every posting of every lexeme it starts, while a handful of whole lexemes OR-ed is
 * read with skips. This table turns a prefix into those whole lexemes. Its byte-order (collate "C")
 * index makes a prefix a range. Lexemes of tours since changed or deleted stay; they only ever find
 * no tour.
 */
@Entity({ tableName: 'search_lexemes' })
@Index({
  name: 'search_lexemes_prefix_index',
  expression: 'create index "search_lexemes_prefix_index" on "search_lexemes" ("lexeme" collate "C")',
})
export class SearchLexeme {
  @PrimaryKey({ type: 'text' })
  lexeme!: string;
}
