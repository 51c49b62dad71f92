import { App } from 'antd';
import { useEffect } from 'react';
import { takeArrivalNotice } from '@/app/arrival-notice';

/** Shows the success the previous page left (app/arrival-notice.ts) as antd's message, once. */
export function ArrivalNotice() {
  const { message } = App.useApp();
  useEffect(() => {
    const text = takeArrivalNotice();
    if (text !== null) void message.success(text);
  }, [message]);
  return null;
}
