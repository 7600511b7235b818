// The boundary rule on the imports it must refuse and the ones it must let through, through ESLint
// itself (RuleTester), so that a change to the rule or to the folder layout cannot silently let a
// crossing import pass. Run by `npm test` (node --test scripts/).
import { RuleTester } from 'eslint';
import { boundariesPlugin } from './eslint-boundaries.mjs';

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const client = (file) => `/repo/client/src/${file}`;
const server = (file) => `/repo/server/src/${file}`;

tester.run('tembea/imports', boundariesPlugin.rules.imports, {
  valid: [
    { filename: client('features/tours/ToursPage.tsx'), code: "import { TourCard } from '../../components/TourCard';" },
    { filename: client('features/tours/ToursPage.tsx'), code: "import { useTours } from './api/useTours';" },
    { filename: client('app/router.tsx'), code: "import { ToursPage } from '../features/tours/ToursPage';" },
    { filename: client('components/TourCard.tsx'), code: "import { Stars } from './Stars';" },
    { filename: client('components/TourCard.tsx'), code: "import { graphql } from '../gql';" },
    {
      filename: server('modules/bookings/booking.service.ts'),
      code: "import { tourService } from '../tours/tour.service.js';",
    },
    { filename: server('modules/bookings/booking.entity.ts'), code: "import { Tour } from '../tours/tour.entity.js';" },
    {
      filename: server('modules/bookings/booking.types.ts'),
      code: "import { TourType } from '../tours/tour.types.js';",
    },
    { filename: server('modules/bookings/booking.service.ts'), code: "import { sql } from '../../common/sql.js';" },
    { filename: server('modules/bookings/booking.service.ts'), code: "import { toRow } from './booking.mapper.js';" },
    { filename: server('modules/bookings/booking.service.ts'), code: "import pg from 'pg';" },
  ],
  invalid: [
    {
      filename: client('features/booking/BookingPage.tsx'),
      code: "import { TourView } from '../tour-detail/components/TourView';",
      errors: [{ message: /feature 'booking' must not import the feature 'tour-detail'/ }],
    },
    {
      filename: client('features/booking/BookingPage.tsx'),
      code: "export { TourView } from '../tour-detail/components/TourView';",
      errors: 1,
    },
    {
      filename: client('features/booking/BookingPage.tsx'),
      code: "const page = () => import('../tours/ToursPage');",
      errors: 1,
    },
    {
      filename: client('components/TourCard.tsx'),
      code: "import { useTours } from '../features/tours/api/useTours';",
      errors: [{ message: /Shared client code must not import the feature 'tours'/ }],
    },
    {
      filename: client('lib/apollo.ts'),
      code: "import * as account from '../features/account/api';",
      errors: 1,
    },
    {
      filename: server('modules/bookings/booking.service.ts'),
      code: "import { TOUR_COLUMNS } from '../tours/tour-query.js';",
      errors: [{ message: /module 'bookings' may reach the module 'tours' only through/ }],
    },
    {
      filename: server('modules/bookings/booking.rest.ts'),
      code: "import { tourResolver } from '../tours/tour.resolver.js';",
      errors: 1,
    },
  ],
});
