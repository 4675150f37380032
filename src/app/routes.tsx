import { Navigate, Outlet, createHashRouter } from 'react-router';
import { NoticePresenter } from './NoticePresenter';
import { BoardListScreen } from './screens/BoardListScreen';
import { ExceptionScreen, NotFoundScreen } from './screens/ExceptionScreen';
import { ViewBoardScreen } from './screens/ViewBoardScreen';

function RootLayout() {
  return (
    <>
      <NoticePresenter />
      <Outlet />
    </>
  );
}

/** Routes of SPEC §2 implemented so far; everything else is the 404 page. */
export const ROUTE_OBJECTS = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/dataV/create" replace /> },
      { path: 'dataV/create', element: <BoardListScreen /> },
      { path: 'dataV/viewBoard', element: <ViewBoardScreen /> },
      { path: 'dataV/preview', element: <ViewBoardScreen /> },
      { path: 'exception', element: <ExceptionScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/** The app's router: hash history (SPEC §2), e.g. `/#/dataV/viewBoard?boardId=…`. */
export function createAppRouter() {
  return createHashRouter(ROUTE_OBJECTS);
}
