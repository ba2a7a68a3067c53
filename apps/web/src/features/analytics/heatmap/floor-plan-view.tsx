import type { FloorPlan } from '@lightdesk/contract';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './floor-plan-view.css';

/**
 * A store's floor plan with a marker where each aligned sensor's grid lies: its centre, width
 * and rotation as the app saved them (fractions of the plan). `children` are drawn over the plan
 * in the same box (a heatmap layer), so they can use the same fractions as percentages.
 */
export function FloorPlanView({ plan, children }: { plan: FloorPlan; children?: ReactNode }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="ld-floor-plan" style={{ aspectRatio: `${plan.width} / ${plan.height}` }} data-testid="floor-plan">
      <img src={plan.url} alt={t('floorPlan.imageAlt')} className="ld-floor-plan-image" draggable={false} />
      <div className="ld-floor-plan-layer">{children}</div>
      {plan.sensors
        .filter((s) => s.placed)
        .map((s) => (
          <Tooltip key={s.storeDeviceId} title={s.name}>
            <div
              className="ld-floor-plan-sensor"
              data-testid="sensor-marker"
              role="img"
              aria-label={s.name}
              style={{
                left: `${s.x! * 100}%`,
                top: `${s.y! * 100}%`,
                width: `${s.scale! * 100}%`,
                transform: `translate(-50%, -50%) rotate(${s.rotation}deg)`,
              }}
            />
          </Tooltip>
        ))}
    </div>
  );
}
