import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122183432_Init } from './Migration20261122183432_Init.js';
import { Migration20261122184627_AuthSessions } from './Migration20261122184627_AuthSessions.js';
import { Migration20261122184742_CatalogueSearch } from './Migration20261122184742_CatalogueSearch.js';
import { Migration20261123160701_Bookings } from './Migration20261123160701_Bookings.js';
import { Migration20261123204528_SearchDictionary } from './Migration20261123204528_SearchDictionary.js';
import { Migration20261124180549_PartnerSync } from './Migration20261124180549_PartnerSync.js';
import { Migration20261124180606_PartnerKeys } from './Migration20261124180606_PartnerKeys.js';
import { Migration20261124181012_Webhooks } from './Migration20261124181012_Webhooks.js';
import { Migration20261125145615_SearchLexemes } from './Migration20261125145615_SearchLexemes.js';
import { Migration20261125150508_StatusIndex } from './Migration20261125150508_StatusIndex.js';
import { Migration20261125151425_PriceRangeIndex } from './Migration20261125151425_PriceRangeIndex.js';
import { Migration20261125205808_ParkFeeSchedules } from './Migration20261125205808_ParkFeeSchedules.js';
import { Migration20261125211136_Travellers } from './Migration20261125211136_Travellers.js';
import { Migration20261125205140_Payments } from './Migration20261125205140_Payments.js';
import { Migration20261125234415_BookingParkFees } from './Migration20261125234415_BookingParkFees.js';
import { Migration20261125234522_TravellerDetailsReminders } from './Migration20261125234522_TravellerDetailsReminders.js';
import { Migration20261126030249_MailTemplates } from './Migration20261126030249_MailTemplates.js';
import { Migration20261126125543_MailOutboxDeletesSent } from './Migration20261126125543_MailOutboxDeletesSent.js';
import { Migration20261127164044_OfflineRefundNotesRepeat } from './Migration20261127164044_OfflineRefundNotesRepeat.js';
import { Migration20261127170500_DayTripsInTanzaniaTime } from './Migration20261127170500_DayTripsInTanzaniaTime.js';

/**
 * Migrations in the order they apply. `npm run migration:create -w @tembea/server -- Name` writes a
 * new one from the entities' difference; add it here.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122183432_Init', class: Migration20261122183432_Init },
  { name: 'Migration20261122184627_AuthSessions', class: Migration20261122184627_AuthSessions },
  { name: 'Migration20261122184742_CatalogueSearch', class: Migration20261122184742_CatalogueSearch },
  { name: 'Migration20261123160701_Bookings', class: Migration20261123160701_Bookings },
  { name: 'Migration20261123204528_SearchDictionary', class: Migration20261123204528_SearchDictionary },
  { name: 'Migration20261124180549_PartnerSync', class: Migration20261124180549_PartnerSync },
  { name: 'Migration20261124180606_PartnerKeys', class: Migration20261124180606_PartnerKeys },
  { name: 'Migration20261124181012_Webhooks', class: Migration20261124181012_Webhooks },
  { name: 'Migration20261125145615_SearchLexemes', class: Migration20261125145615_SearchLexemes },
  { name: 'Migration20261125150508_StatusIndex', class: Migration20261125150508_StatusIndex },
  { name: 'Migration20261125151425_PriceRangeIndex', class: Migration20261125151425_PriceRangeIndex },
  { name: 'Migration20261125205808_ParkFeeSchedules', class: Migration20261125205808_ParkFeeSchedules },
  { name: 'Migration20261125211136_Travellers', class: Migration20261125211136_Travellers },
  { name: 'Migration20261125205140_Payments', class: Migration20261125205140_Payments },
  { name: 'Migration20261125234415_BookingParkFees', class: Migration20261125234415_BookingParkFees },
  {
    name: 'Migration20261125234522_TravellerDetailsReminders',
    class: Migration20261125234522_TravellerDetailsReminders,
  },
  { name: 'Migration20261126030249_MailTemplates', class: Migration20261126030249_MailTemplates },
  {
    name: 'Migration20261126125543_MailOutboxDeletesSent',
    class: Migration20261126125543_MailOutboxDeletesSent,
  },
  {
    name: 'Migration20261127164044_OfflineRefundNotesRepeat',
    class: Migration20261127164044_OfflineRefundNotesRepeat,
  },
  {
    name: 'Migration20261127170500_DayTripsInTanzaniaTime',
    class: Migration20261127170500_DayTripsInTanzaniaTime,
  },
];
