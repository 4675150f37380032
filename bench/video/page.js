// The latency page (bench/video/latency.ts serves it): plays the playlist of ?src= with hls.js under the
// settings ?impl= names in configs.json, and exposes latency samples: wall clock minus the program
// date-time (EXT-X-PROGRAM-DATE-TIME) of the frame on screen (hls.playingDate).
const params = new URLSearchParams(location.search);
const configs = await (await fetch('configs.json')).json();
const video = document.querySelector('video');
const hls = new window.Hls(configs[params.get('impl')]);
hls.loadSource(params.get('src'));
hls.attachMedia(video);
video.muted = true;
void video.play().catch(() => undefined);
const samples = [];
setInterval(() => {
  const d = hls.playingDate;
  if (d && !video.paused && video.readyState >= 2) samples.push(Date.now() - d.getTime());
}, 250);
window.benchSamples = () => samples.slice();
window.benchReset = () => samples.splice(0);
