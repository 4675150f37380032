// Example custom panel that throws while rendering (docs/custom-modules.md): the board shows the error in
// this panel only, names the panel and the message, logs it and shows a notice; the other panels keep working.
function ExampleThrows() {
  throw new Error('example-throws: this panel always fails');
}

export default { component: ExampleThrows };
