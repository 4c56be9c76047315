/**
 * The zod building blocks of /api/data's query values (src/lib/apiParams.ts): single values, whole numbers in
 * bounds, calendar dates, seasons, season types, booleans, team abbreviations and player ids.
 */
import './zodSetup';
import { z } from 'zod';
import { type FilterDefinition } from './filters';
/** One value only (the key must not be repeated). */
export declare const single: <T extends z.ZodType<unknown, string>>(inner: T) => z.ZodPipe<z.ZodPipe<z.ZodArray<z.ZodString>, z.ZodTransform<string | undefined, string[]>>, T>;
export declare const intString: (min: number, max: number) => z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<number, string>>, z.ZodNumber>;
/** A date YYYY-MM-DD that exists on the calendar (spec section 5: dates are normalised to year-month-day). */
export declare const isoDate: z.ZodString;
export declare const booleanValue: z.ZodPipe<z.ZodString, z.ZodTransform<boolean, string>>;
export declare function multiSchema(f: FilterDefinition): z.ZodType<unknown[]>;
