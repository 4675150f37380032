import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { CapturePicture } from './CapturePicture';

function show(capture: Parameters<typeof CapturePicture>[0]['capture']) {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <CapturePicture capture={capture} alt="Camera 1 · No helmet" height={56} />
    </I18nProvider>,
  );
}

describe('CapturePicture', () => {
  it('says the image has been deleted when retention pruned it, with no image to break', () => {
    const { container } = show({ picture: null, pictureState: 'deleted' });
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('The image has been deleted');
  });

  it('shows a stored picture, and says it was deleted when it is gone by the time it loads', () => {
    const { container } = show({ picture: '/zhgd/alarm/capture?projectId=p&name=CAM-01-1.png', pictureState: 'stored' });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Camera 1 · No helmet');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-picture="deleted"]')).not.toBeNull();
  });

  it('tells a capture without a picture and a camera URL that fails apart', () => {
    expect(show({ picture: null, pictureState: 'none' }).container.textContent).toBe('No picture');
    const { container } = show({ picture: 'https://cam.example/1.jpg', pictureState: 'external' });
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('[data-picture="unavailable"]')).not.toBeNull();
  });
});
