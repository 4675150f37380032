import { expose, transfer } from 'comlink';
import { HistoryImpl } from './HistoryImpl';

expose(new HistoryImpl({ transfer }));
