/** @jsxImportSource preact */
import { render } from 'preact';
import { App } from './app';
import './patient.css';

render(<App />, document.getElementById('root')!);
