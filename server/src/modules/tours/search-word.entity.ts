import { Entity, Index, PrimaryKey } from '@mikro-orm/core';

/**
 * The dictionary of the catalogue's words (lower-cased words of two or more characters, not all
 * digits, from the tours' title, destination, country and description), kept by triggers on the
 * tours table: a misspelt search word is replaced by the words most like it through the trigram
 * index. Words of tours since changed or deleted stay; they only ever find no tour.
 */
@Entity({ tableName: 'search_words' })
@Index({
  name: 'search_words_word_trgm_index',
  expression: 'create index "search_words_word_trgm_index" on "search_words" using gin ("word" gin_trgm_ops)',
})
export class SearchWord {
  @PrimaryKey({ type: 'text' })
  word!: string;
}
