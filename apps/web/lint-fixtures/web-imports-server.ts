// lints as: src/app/boundary-fixture.ts
import { buildApp } from '@cityops/server'; // error: no-restricted-imports
import { loadConfig } from '../../../server/src/config'; // error: no-restricted-imports
import { z } from 'zod'; // error: no-restricted-imports
import { ErrorCode } from '@cityops/contract/src/error-codes'; // error: no-restricted-imports
import { toast } from '../../lib/toast'; // error: no-restricted-imports
import { MapPage } from '@/features/map/components/map-page';

export const reached = [buildApp, loadConfig, z, ErrorCode, toast, MapPage] as const;
