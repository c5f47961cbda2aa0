import { describe, expect, it } from 'vitest';
import { maintenanceMessageFor, ZMaintenanceMessage } from './site.ts';

describe('the maintenance message', () => {
  it('is one text for every locale, or one per locale falling back to Korean, then to any', () => {
    expect(maintenanceMessageFor('점검 중', 'en')).toBe('점검 중');
    expect(maintenanceMessageFor('', 'ko')).toBeNull();
    const perLocale = { ko: '점검 중입니다.', en: 'Down for maintenance.' };
    expect(maintenanceMessageFor(perLocale, 'en')).toBe('Down for maintenance.');
    expect(maintenanceMessageFor(perLocale, 'jp')).toBe('점검 중입니다.');
    expect(maintenanceMessageFor({ vn: 'Bảo trì' }, 'cn')).toBe('Bảo trì');
    expect(maintenanceMessageFor({ ko: '', en: '' }, 'en')).toBeNull();
  });

  it('takes only the five locales and plain lengths', () => {
    expect(ZMaintenanceMessage.safeParse({ de: 'Wartung' }).success).toBe(false);
    expect(ZMaintenanceMessage.safeParse('x'.repeat(1001)).success).toBe(false);
    expect(ZMaintenanceMessage.parse('  점검  ')).toBe('점검');
  });
});
