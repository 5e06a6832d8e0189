export function Component() { return <p>TODO</p>; }
