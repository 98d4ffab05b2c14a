import {
  CloudOutlined,
  CloudServerOutlined,
  SunOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useWeather } from '../api/get-weather';
import { layoutTexts } from '@/locales/layout-texts';
import { registerTexts } from '@/lib/i18n';

registerTexts(layoutTexts);

const icons: Record<string, ComponentType> = {
  sunny: SunOutlined,
  cloudy: CloudOutlined,
  overcast: CloudServerOutlined,
  rain: ThunderboltOutlined,
};

/** The weather of `config/weather` in the header: city, sky and temperature. */
export function WeatherBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const weather = useWeather();
  if (!weather.data) return null;
  const english = i18n.language === 'en';
  const { city, cityEn, text, textEn, temperature, icon } = weather.data;
  const Icon = icons[icon] ?? CloudOutlined;
  const label = t('weather.summary', {
    city: english ? cityEn : city,
    text: english ? textEn : text,
    temperature,
  });
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
    >
      <Icon aria-hidden />
      {!compact && <span aria-hidden>{english ? cityEn : city}</span>}
      <span aria-hidden>{english ? textEn : text}</span>
      <span aria-hidden>{t('weather.temperature', { temperature })}</span>
    </span>
  );
}
