import { graphql } from '../../../../gql/admin';

/** Every schedule's name and validity, latest first day first, as the list shows them. */
export const PARK_FEE_SCHEDULES = graphql(`
  query AdminParkFeeSchedules {
    parkFeeSchedules {
      id
      name
      validFrom
      validTo
      updatedAt
    }
  }
`);

export const PARK_FEE_SCHEDULE_FIELDS = graphql(`
  fragment ParkFeeScheduleFields on ParkFeeSchedule {
    id
    name
    validFrom
    validTo
    updatedAt
    vatPercent
    tzsPerUsd
    peakSeasons {
      from
      to
    }
    areas {
      areaCode
      areaName
      fees {
        kind
        residency
        ageBand
        amount
        currency
      }
    }
  }
`);

/** One schedule with all its fees, to edit or to copy. */
export const PARK_FEE_SCHEDULE = graphql(`
  query AdminParkFeeSchedule($id: ID!) {
    parkFeeSchedule(id: $id) {
      ...ParkFeeScheduleFields
    }
  }
`);

export const SAVE_PARK_FEE_SCHEDULE = graphql(`
  mutation SaveParkFeeSchedule($input: ParkFeeScheduleInput!) {
    saveParkFeeSchedule(input: $input) {
      schedule {
        ...ParkFeeScheduleFields
      }
    }
  }
`);
