// Example custom panel (docs/custom-modules.md): Beijing time and the project's name.
// A plain ES module, no build step: it renders with the app's React from window.SiteBoard.
const { React } = window.SiteBoard;
const h = React.createElement;

/** Project name of the project this tab shows (falls back to its id). */
function projectName(api) {
  const id = api.project.projectId;
  const p = api.currentUser?.projects.find((x) => x.projectId === id);
  return p ? p.name : id ?? '';
}

function ExampleClock({ config, width, height, api }) {
  const [nowMs, setNowMs] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer); // a panel that unmounts must not leave its timer running
  }, []);
  const time = api.dayjs(nowMs).tz(api.timeZone);
  const fontPx = Math.max(12, Math.min(height / 3, width / 6));
  return h(
    'div',
    { 'data-example-clock': '', style: { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', height: '100%', color: api.primaryColor } },
    h('div', { 'data-clock-time': '', style: { fontSize: fontPx, fontVariantNumeric: 'tabular-nums' } }, time.format(config.showSeconds === false ? 'HH:mm' : 'HH:mm:ss')),
    h('div', { style: { fontSize: Math.max(10, fontPx / 3) } }, `${time.format('YYYY-MM-DD')} ${config.label ?? 'Beijing time'}`),
    h('div', { 'data-clock-project': '', style: { fontSize: Math.max(10, fontPx / 3), opacity: 0.8 } }, projectName(api)),
  );
}

export default ExampleClock;
