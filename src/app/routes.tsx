import { observer } from 'mobx-react-lite';
import { Outlet, createHashRouter } from 'react-router';
import { CustomPanelTypes } from '../panels/custom';
import { NoticePresenter } from './NoticePresenter';
import { setWatchMomentLink } from '../components/captures/watchMoment';
import { videoMomentHref } from '../components/video/momentLink';
import { lazyChunk } from './lazyChunk';
import { useProjectId } from './shell/useProjectId';
import { LandingRedirect } from './shell/landing';
import { ExceptionScreen, ForbiddenScreen, NotFoundScreen, ServerErrorScreen } from './screens/ExceptionScreen';

// Screens load as their own chunks; a chunk that fails shows an error naming it with Retry (docs/product.md "Notices and errors", "Constants").
// The exception pages stay in the main chunk: they must show even when nothing else loads.
const BuilderScreen = lazyChunk('BuilderScreen', () => import('../board/editor/BuilderScreen').then((m) => m.BuilderScreen));
const ViewBoardScreen = lazyChunk('ViewBoardScreen', () => import('./screens/ViewBoardScreen').then((m) => m.ViewBoardScreen));
const DataDrivenScreen = lazyChunk('DataDrivenScreen', () => import('./screens/DataDrivenScreen').then((m) => m.DataDrivenScreen));
const SystemStatusScreen = lazyChunk('SystemStatusScreen', () => import('./screens/SystemStatusScreen').then((m) => m.SystemStatusScreen));
const AlarmCenterScreen = lazyChunk('AlarmCenterScreen', () => import('./screens/AlarmCenterScreen').then((m) => m.AlarmCenterScreen));
const CapturesScreen = lazyChunk('CapturesScreen', () => import('./screens/CapturesScreen').then((m) => m.CapturesScreen));
const PeopleScreen = lazyChunk('PeopleScreen', () => import('./screens/PeopleScreen').then((m) => m.PeopleScreen));
const ZonesScreen = lazyChunk('ZonesScreen', () => import('./screens/ZonesScreen').then((m) => m.ZonesScreen));
const AdminScreen = lazyChunk('AdminScreen', () => import('./screens/admin/AdminScreen').then((m) => m.AdminScreen));
const AttendanceScreen = lazyChunk('AttendanceScreen', () => import('./screens/AttendanceScreen').then((m) => m.AttendanceScreen));
const TunnelScreen = lazyChunk('TunnelScreen', () => import('./screens/TunnelScreen').then((m) => m.TunnelScreen));
const EnvironmentScreen = lazyChunk('EnvironmentScreen', () => import('./screens/EnvironmentScreen').then((m) => m.EnvironmentScreen));
const TunnelProcessScreen = lazyChunk('TunnelProcessScreen', () => import('./screens/TunnelProcessScreen').then((m) => m.TunnelProcessScreen));
const VideoScreen = lazyChunk('VideoScreen', () => import('./screens/VideoScreen').then((m) => m.VideoScreen));
const CompanyScreen = lazyChunk('CompanyScreen', () => import('./screens/CompanyScreen').then((m) => m.CompanyScreen));
const VideoMomentScreen = lazyChunk('VideoMomentScreen', () => import('./screens/VideoMomentScreen').then((m) => m.VideoMomentScreen));

// "Watch the moment" of an AI capture opens the camera's recording around it (docs/architecture.md "Video").
setWatchMomentLink(videoMomentHref);
const HomeScreen = lazyChunk('HomeScreen', () => import('./screens/HomeScreen').then((m) => m.HomeScreen));
const EventBookScreen = lazyChunk('EventBookScreen', () => import('./screens/EventBookScreen').then((m) => m.EventBookScreen));
const EmergencyScreen = lazyChunk('EmergencyScreen', () => import('./screens/EmergencyScreen').then((m) => m.EmergencyScreen));
const InspectionsScreen = lazyChunk('InspectionsScreen', () => import('./screens/InspectionsScreen').then((m) => m.InspectionsScreen));
const ScheduleScreen = lazyChunk('ScheduleScreen', () => import('./screens/ScheduleScreen').then((m) => m.ScheduleScreen));
const EducationScreen = lazyChunk('EducationScreen', () => import('./screens/EducationScreen').then((m) => m.EducationScreen));
const PageManagerScreen = lazyChunk('PageManagerScreen', () => import('./screens/PageManagerScreen').then((m) => m.PageManagerScreen));

// The project's custom panel types are registered while it is open (docs/custom-modules.md).
const RootLayout = observer(function RootLayout() {
  const projectId = useProjectId();
  return (
    <>
      <NoticePresenter />
      <CustomPanelTypes projectId={projectId}>
        <Outlet />
      </CustomPanelTypes>
    </>
  );
});

/** The routes of docs/product.md "Routes and screens"; everything else is the 404 page. */
export const ROUTE_OBJECTS = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // Builders land in the builder, everyone else on the project's live board (src/app/shell/landing.tsx).
      { index: true, element: <LandingRedirect /> },
      { path: 'dataV/create', element: <BuilderScreen /> },
      { path: 'dataV/viewBoard', element: <ViewBoardScreen /> },
      { path: 'dataV/preview', element: <ViewBoardScreen /> },
      { path: 'pageManger/pageView', element: <ViewBoardScreen /> },
      { path: 'pageManger', element: <PageManagerScreen /> },
      { path: 'alarmCenter', element: <AlarmCenterScreen /> },
      // The AI capture record and violation analysis (docs/api.md "AI captures").
      { path: 'captures', element: <CapturesScreen /> },
      // People and zones (docs/api.md "People and zones"): the person list and the zones of the bores.
      { path: 'people', element: <PeopleScreen /> },
      { path: 'zones', element: <ZonesScreen /> },
      // Tunnel progress (docs/api.md "Tunnel progress"): bores, rock grades, faces, figures, reports.
      { path: 'tunnel', element: <TunnelScreen /> },
      // Labour attendance (docs/api.md "Labour attendance"): gates and beacons, companies, today's sheet.
      { path: 'attendance', element: <AttendanceScreen /> },
      // Drill-and-blast stages and rounds per heading (docs/domain.md "Drill-and-blast cycle").
      { path: 'tunnel/process', element: <TunnelProcessScreen /> },
      // Live camera video (docs/architecture.md "Video"): camera list by area, a wall of 1/4/9/16 tiles.
      { path: 'video', element: <VideoScreen /> },
      // The recording around an AI capture: 30 s before to 30 s after ("watch the moment").
      { path: 'video/moment', element: <VideoMomentScreen /> },
      // Dust, noise, weather and the fog cannons (docs/domain.md "Site environment", "Spray linkage").
      { path: 'environment', element: <EnvironmentScreen /> },
      // The company homepage (docs/api.md "Company homepage"): the projects of the user's organisations on a map of China.
      { path: 'company', element: <CompanyScreen /> },
      // The project home and its event book (docs/domain.md "Project home", "Event book").
      { path: 'home', element: <HomeScreen /> },
      { path: 'events', element: <EventBookScreen /> },
      // Risk sources, plans, materials, supply points (docs/domain.md "Emergency resources").
      { path: 'emergency', element: <EmergencyScreen /> },
      // Quality and safety inspections with their rectification and review (docs/domain.md "Inspections").
      { path: 'inspections', element: <InspectionsScreen /> },
      // The project schedule: tasks, Gantt, late and at-risk marks (docs/domain.md "Project schedule").
      { path: 'schedule', element: <ScheduleScreen /> },
      // Safety education records and who lacks the three-level entry education (docs/domain.md "Safety education").
      { path: 'education', element: <EducationScreen /> },
      // Hidden from menus (docs/product.md "Routes and screens"): the same list as /pageManger.
      { path: 'dataV/index', element: <PageManagerScreen /> },
      { path: 'dataV/dataDriven', element: <DataDrivenScreen /> },
      // Administrators: ingest and REST counters (docs/operations.md "Metrics"); the header's Status button.
      { path: 'system/status', element: <SystemStatusScreen /> },
      // Organisations, projects, users and roles, devices, audit log (docs/api.md "Administration").
      { path: 'admin', element: <AdminScreen /> },
      { path: 'exception', element: <ExceptionScreen /> },
      { path: 'exception/403', element: <ForbiddenScreen /> },
      { path: 'exception/404', element: <NotFoundScreen /> },
      { path: 'exception/500', element: <ServerErrorScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/** The app's router: hash history (docs/product.md "Routes and screens"), e.g. `/#/dataV/viewBoard?boardId=…`. */
export function createAppRouter() {
  return createHashRouter(ROUTE_OBJECTS);
}
