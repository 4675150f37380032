import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithApp, testRoot } from '../../test/render';
import { ExceptionScreen, ForbiddenScreen, NotFoundScreen, ServerErrorScreen } from './ExceptionScreen';

async function at(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/exception', element: <ExceptionScreen /> },
      { path: '/exception/403', element: <ForbiddenScreen /> },
      { path: '/exception/500', element: <ServerErrorScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
    { initialEntries: [url] },
  );
  await renderWithApp(<RouterProvider router={router} />, testRoot());
}

describe('exception pages (docs/product.md "Notices and errors")', () => {
  it('403 shows its page text', async () => {
    await at('/exception/403');
    expect(screen.getByText("Sorry, you don't have access to this page")).toBeTruthy();
  });

  it('500 shows its page text', async () => {
    await at('/exception/500');
    expect(screen.getByText('Sorry, the server is reporting an error')).toBeTruthy();
  });

  it('an unknown route is the 404 page', async () => {
    await at('/no/such/page');
    expect(screen.getByText('Sorry, the page you visited does not exist')).toBeTruthy();
  });

  it('/exception renders its errorCode and errorMessage query', async () => {
    await at('/exception?errorCode=500&errorMessage=db%20down');
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText('Sorry, the server is reporting an error')).toBeTruthy();
    expect(screen.getByText('db down')).toBeTruthy();
  });

  it('/exception with a code without a page text shows the message itself', async () => {
    await at('/exception?errorCode=CONFLICT&errorMessage=Board%20changed%20meanwhile');
    expect(screen.getByText('CONFLICT')).toBeTruthy();
    expect(screen.getByText('Board changed meanwhile')).toBeTruthy();
  });
});
