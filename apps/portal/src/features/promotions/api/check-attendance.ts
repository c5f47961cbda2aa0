import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `check-attendance`: today's check; `success {points, streak}` · `already` · `fail` · `blocked`. */
export function fetchCheckAttendance() {
  return callApi('check-attendance', {});
}

export function useCheckAttendance() {
  return useMutation({ mutationKey: ['check-attendance'], mutationFn: fetchCheckAttendance });
}
