/** Orders of the catalogue; every order ends with the tour id so paging never skips or repeats. */
export enum TourSort {
  CATALOGUE = 'CATALOGUE',
  PRICE_ASC = 'PRICE_ASC',
  PRICE_DESC = 'PRICE_DESC',
  RATING_DESC = 'RATING_DESC',
  NEWEST = 'NEWEST',
}
