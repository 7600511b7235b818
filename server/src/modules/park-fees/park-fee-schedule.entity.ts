import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { AreaFees, SeasonRange } from '@tembea/schema';
import { User } from '../users/user.entity.js';

/** What a schedule holds besides its name and validity: checked as a whole by parkFeeScheduleProblems. */
export interface ParkFeeScheduleFees {
  peakSeasons: SeasonRange[];
  vatPercent: number;
  tzsPerUsd: number;
  areas: AreaFees[];
}

/**
 * The park and conservation fees valid from one day to another (the parks change them every July,
 * so next season's schedule is entered ahead of its first day). The fee tables are kept as one
 * document: they are read whole to price a trip and saved whole by the admin.
 */
@Entity({ tableName: 'park_fee_schedules' })
@Unique({ name: 'park_fee_schedules_valid_from_unique', properties: ['validFrom'] })
@Check({ name: 'park_fee_schedules_validity_check', expression: 'valid_to >= valid_from' })
export class ParkFeeSchedule {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'updatedBy';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /** YYYY-MM-DD, inclusive. */
  @Property({ type: 'date' })
  validFrom!: string;

  /** YYYY-MM-DD, inclusive. */
  @Property({ type: 'date' })
  validTo!: string;

  @Property({ type: 'jsonb' })
  fees!: ParkFeeScheduleFees;

  /** The admin who saved it last; kept as null once their account is gone. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  updatedBy?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
